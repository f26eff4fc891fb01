import { Box, Input, chakra, type InputProps } from '@chakra-ui/react';

export interface TextFieldProps extends Omit<InputProps, 'id'> {
  id: string;
  label: string;
}

/** A labelled input: the label names the field for screen readers and enlarges its click target. */
export function TextField({ id, label, ...rest }: TextFieldProps) {
  return (
    <Box>
      <chakra.label htmlFor={id} display="block" fontWeight="medium" mb="1.5">
        {label}
      </chakra.label>
      <Input id={id} bg="bg.panel" {...rest} />
    </Box>
  );
}
