import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { TESTIMONIALS } from '../content';
import { HomeSection } from './home-section';

export function TestimonialsSection() {
  return (
    <HomeSection id="testimonials" bg="gray.50">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        {TESTIMONIALS.map((t) => (
          <Box as="figure" key={t.name} bg="white" p="6" rounded="xl" shadow="sm" m="0">
            <Box as="blockquote" fontSize="lg" fontStyle="italic" color="gray.700">
              “{t.quote}”
            </Box>
            <Text as="figcaption" mt="4" fontWeight="semibold">
              {t.name}{' '}
              <Text as="span" fontWeight="normal" color="fg.muted">
                · {t.detail}
              </Text>
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </HomeSection>
  );
}
