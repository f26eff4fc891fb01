import { Box, type BoxProps } from '@chakra-ui/react';

/** The red error box (spec section 8: sign-up's "red box", the upload form's "red banner"). */
export function ErrorBanner(props: BoxProps) {
  return (
    <Box
      role="alert"
      bg="red.50"
      borderWidth="1px"
      borderColor="red.300"
      color="red.800"
      rounded="md"
      p="3"
      {...props}
    />
  );
}
