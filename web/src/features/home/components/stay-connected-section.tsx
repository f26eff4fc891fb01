import { HStack, Link } from '@chakra-ui/react';
import { STAY_CONNECTED_LINKS } from '../content';
import { HomeSection } from './home-section';

export function StayConnectedSection() {
  return (
    <HomeSection id="stay-connected" py="12">
      <HStack as="ul" listStyleType="none" justify="center" gap="8" wrap="wrap">
        {STAY_CONNECTED_LINKS.map((link) => (
          <li key={link.label}>
            <Link href={link.href} color="teal.700" fontWeight="medium">
              {link.label}
            </Link>
          </li>
        ))}
      </HStack>
    </HomeSection>
  );
}
