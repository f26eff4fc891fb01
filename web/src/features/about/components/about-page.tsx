import { Box, Container, Heading, Link, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  AUDIENCES,
  CONNECT_TEXT,
  CONTACT_EMAIL,
  IMPACT,
  KEY_FEATURES,
  MISSION,
  TEAM,
  WHAT,
  WHY_CHOOSE_US,
  aboutTitle,
  type AboutSectionId,
} from '../content';

function AboutSection({
  id,
  children,
  bg,
  color,
}: {
  id: AboutSectionId;
  children: ReactNode;
  bg?: string;
  color?: string;
}) {
  const headingId = `about-${id}-heading`;
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      data-about-section={id}
      py="12"
      bg={bg}
      color={color}
    >
      <Container maxW="5xl">
        <Heading id={headingId} as="h2" size="2xl" mb="6" textAlign="center">
          {aboutTitle(id)}
        </Heading>
        {children}
      </Container>
    </Box>
  );
}

/** A portrait drawn as an SVG (no third-party image host): the member's initials. */
function portrait(initials: string, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">` +
    `<rect width="160" height="160" rx="80" fill="${color}"/>` +
    `<text x="80" y="96" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff" ` +
    `text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** About page: the sections of spec section 1 in order, the two team cards, Connect With Us. */
export default function AboutPage() {
  return (
    <>
      <Box bgGradient="to-br" gradientFrom="teal.700" gradientTo="cyan.800" color="white" py="16">
        <Container maxW="4xl" textAlign="center">
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            About NoteNest
          </Heading>
          <Text mt="4" fontSize="lg" color="teal.50">
            Free, verified academic notes, shared by students.
          </Text>
        </Container>
      </Box>

      <AboutSection id="what">
        <Text fontSize="lg" textAlign="center" maxW="3xl" mx="auto">
          {WHAT}
        </Text>
      </AboutSection>

      <AboutSection id="mission" bg="gray.50">
        <Text fontSize="lg" textAlign="center" maxW="3xl" mx="auto">
          {MISSION}
        </Text>
      </AboutSection>

      <AboutSection id="features">
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
          {KEY_FEATURES.map((f) => (
            <Box as="li" key={f.title} p="5" borderWidth="1px" borderColor="gray.200" rounded="xl">
              <Heading as="h3" size="md" mb="2" color="teal.800">
                {f.title}
              </Heading>
              <Text color="fg.muted">{f.text}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </AboutSection>

      <AboutSection id="why" bg="gray.50">
        <Stack as="ul" gap="3" maxW="2xl" mx="auto" listStyleType="disc" ps="6">
          {WHY_CHOOSE_US.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </Stack>
      </AboutSection>

      <AboutSection id="audience">
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, md: 4 }} gap="4">
          {AUDIENCES.map((a) => (
            <Box
              as="li"
              key={a}
              p="4"
              textAlign="center"
              bg="teal.50"
              rounded="lg"
              fontWeight="medium"
            >
              {a}
            </Box>
          ))}
        </SimpleGrid>
      </AboutSection>

      <AboutSection id="impact" bg="gray.50">
        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="6" textAlign="center">
          {IMPACT.map((i) => (
            <Box key={i.label} display="flex" flexDirection="column-reverse">
              <Text as="dt" color="fg.muted">
                {i.label}
              </Text>
              <Text as="dd" fontSize="4xl" fontWeight="bold" color="teal.700">
                {i.value}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </AboutSection>

      <AboutSection id="team">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" maxW="3xl" mx="auto">
          {TEAM.map((m) => (
            <Box
              as="article"
              key={m.name}
              data-team-card=""
              textAlign="center"
              p="6"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="xl"
              shadow="sm"
            >
              <chakra.img
                src={portrait(m.initials, m.color)}
                alt={`Photo of ${m.name}`}
                w="24"
                h="24"
                mx="auto"
                mb="4"
                rounded="full"
              />
              <Heading as="h3" size="lg">
                {m.name}
              </Heading>
              <Text color="teal.700" fontWeight="medium" mb="2">
                {m.role}
              </Text>
              <Text color="fg.muted">{m.blurb}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </AboutSection>

      <AboutSection id="connect" bg="teal.700" color="white">
        <Box textAlign="center">
          <Text fontSize="lg" mb="4">
            {CONNECT_TEXT}
          </Text>
          <Link
            href={`mailto:${CONTACT_EMAIL}`}
            color="white"
            fontWeight="bold"
            textDecoration="underline"
          >
            {CONTACT_EMAIL}
          </Link>
        </Box>
      </AboutSection>
    </>
  );
}
