import { Text } from '@chakra-ui/react';
import { RouterButton } from '../../../shared/ui';
import { JOIN } from '../content';
import { useUploadTarget } from '../hooks/use-upload-target';
import { HomeSection } from './home-section';

export function JoinSection() {
  const uploadTarget = useUploadTarget();
  return (
    <HomeSection
      id="join"
      bg="teal.700"
      color="white"
      textAlign="center"
      lead={
        <Text fontSize="lg" mb="8" color="teal.50">
          {JOIN.text}
        </Text>
      }
    >
      <RouterButton
        to={uploadTarget}
        size="lg"
        bg="white"
        color="teal.800"
        _hover={{ bg: 'teal.50' }}
      >
        {JOIN.buttonLabel}
      </RouterButton>
    </HomeSection>
  );
}
