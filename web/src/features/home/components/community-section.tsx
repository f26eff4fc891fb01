import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { COMMUNITY_COUNTERS } from '../content';
import { HomeSection } from './home-section';

export function CommunitySection() {
  return (
    <HomeSection id="community">
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="6" textAlign="center">
        {COMMUNITY_COUNTERS.map((counter) => (
          // dt/dd order is label then value in the DOM; the value is shown first visually.
          <Box key={counter.label} display="flex" flexDirection="column-reverse" p="4">
            <Text as="dt" color="fg.muted" fontWeight="medium">
              {counter.label}
            </Text>
            <Text as="dd" fontSize="4xl" fontWeight="bold" color="teal.700">
              {counter.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </HomeSection>
  );
}
