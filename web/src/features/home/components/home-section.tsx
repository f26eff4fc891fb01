import { Box, Container, Heading, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { sectionTitle, type HomeSectionId } from '../content';

interface HomeSectionProps extends Omit<BoxProps, 'id' | 'title'> {
  id: HomeSectionId;
  children: ReactNode;
  /** Shown under the heading. */
  lead?: ReactNode;
}

/**
 * One landing-page section: a landmark labelled by its heading, with `data-home-section` so tests
 * can check the spec's order without depending on layout.
 */
export function HomeSection({ id, children, lead, ...rest }: HomeSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Box as="section" aria-labelledby={headingId} data-home-section={id} py="16" {...rest}>
      <Container maxW="6xl">
        <Heading id={headingId} as="h2" size="3xl" textAlign="center" mb={lead ? '3' : '10'}>
          {sectionTitle(id)}
        </Heading>
        {lead}
        {children}
      </Container>
    </Box>
  );
}
