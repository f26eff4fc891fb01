import { Box, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { HOW_IT_WORKS_STEPS } from '../content';
import { HomeSection } from './home-section';

export function HowItWorksSection() {
  return (
    <HomeSection id="how-it-works">
      <SimpleGrid as="ol" columns={{ base: 1, sm: 2, lg: 4 }} gap="6" listStyleType="none">
        {HOW_IT_WORKS_STEPS.map((step, i) => (
          <Box as="li" key={step.title} textAlign="center" p="6">
            <Flex
              aria-hidden="true"
              w="12"
              h="12"
              mx="auto"
              mb="4"
              align="center"
              justify="center"
              rounded="full"
              bg="teal.600"
              color="white"
              fontWeight="bold"
              fontSize="lg"
            >
              {i + 1}
            </Flex>
            <Heading as="h3" size="lg" mb="2">
              {step.title}
            </Heading>
            <Text color="fg.muted">{step.text}</Text>
          </Box>
        ))}
      </SimpleGrid>
    </HomeSection>
  );
}
