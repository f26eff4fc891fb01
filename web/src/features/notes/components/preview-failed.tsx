import { Text } from '@chakra-ui/react';

export function PreviewFailed() {
  return (
    <Text role="alert" color="red.700">
      The preview could not be loaded. Use View Notes or Download to open the file.
    </Text>
  );
}
