import { Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Routes whose screens later issues build: a real heading now, so the route is reachable. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container maxW="5xl" py={{ base: '10', md: '16' }}>
      <Heading as="h1" size="2xl" mb="4">
        {title}
      </Heading>
      {children ?? <Text color="fg.muted">This page is coming soon.</Text>}
    </Container>
  );
}
