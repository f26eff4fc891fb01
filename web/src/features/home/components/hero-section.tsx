import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { paths } from '../../../shared/routing/paths';
import { RouterButton } from '../../../shared/ui';
import { HERO, sectionTitle } from '../content';
import { useUploadTarget } from '../hooks/use-upload-target';

export function HeroSection() {
  const uploadTarget = useUploadTarget();
  return (
    <Box
      as="section"
      aria-labelledby="hero-heading"
      data-home-section="hero"
      bgGradient="to-br"
      gradientFrom="teal.700"
      gradientTo="cyan.800"
      color="white"
      py={{ base: '16', md: '24' }}
    >
      <Container maxW="4xl" textAlign="center">
        <Heading id="hero-heading" as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15">
          {sectionTitle('hero')}
        </Heading>
        <Text fontSize={{ base: 'md', md: 'xl' }} mt="5" color="teal.50">
          {HERO.subtitle}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4" justify="center" mt="8">
          <RouterButton
            to={uploadTarget}
            size="lg"
            bg="white"
            color="teal.800"
            _hover={{ bg: 'teal.50' }}
          >
            {HERO.uploadLabel}
          </RouterButton>
          <RouterButton
            to={paths.browse}
            size="lg"
            variant="outline"
            color="white"
            borderColor="white"
            _hover={{ bg: 'whiteAlpha.200' }}
          >
            {HERO.browseLabel}
          </RouterButton>
        </Stack>
      </Container>
    </Box>
  );
}
