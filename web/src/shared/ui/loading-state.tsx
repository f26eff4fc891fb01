import { Flex, Spinner, Text } from '@chakra-ui/react';

/** The spec's generic "Loading..." state, announced to screen readers as a status. */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <Flex role="status" align="center" justify="center" gap="3" py="16" color="fg.muted">
      <Spinner size="md" color="teal.600" />
      <Text>{label}</Text>
    </Flex>
  );
}
