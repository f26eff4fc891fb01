import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { WHY_USE_CARDS } from '../content';
import { HomeSection } from './home-section';

export function WhyUseSection() {
  return (
    <HomeSection id="why-use" bg="gray.50">
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
        {WHY_USE_CARDS.map((card) => (
          <Box
            key={card.title}
            bg="white"
            p="6"
            rounded="xl"
            borderWidth="1px"
            borderColor="gray.200"
            shadow="sm"
          >
            <Heading as="h3" size="lg" mb="2" color="teal.800">
              {card.title}
            </Heading>
            <Text color="fg.muted">{card.text}</Text>
          </Box>
        ))}
      </SimpleGrid>
    </HomeSection>
  );
}
