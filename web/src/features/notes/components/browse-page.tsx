import { Box, Container, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { LoadingState } from '../../../shared/ui';
import { useApprovedNotes } from '../hooks/use-approved-notes';
import { NoteCard } from './note-card';

/**
 * Minimal Browse: the newest approved notes. Search, filters, likes and comments come with the
 * Browse issue; this page already makes the seeded data reachable.
 */
export default function BrowsePage() {
  const notes = useApprovedNotes();
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="3xl" mb="8">
        Explore Shared Notes
      </Heading>
      {notes.status === 'loading' && <LoadingState label="Loading notes..." />}
      {notes.status === 'error' && (
        <Text role="alert" color="red.700">
          We couldn't load the notes. Please try again later.
        </Text>
      )}
      {notes.status === 'success' && notes.data.length === 0 && (
        <Box textAlign="center" py="16">
          <Text fontSize="lg" fontWeight="semibold">
            No notes found matching your filters
          </Text>
          <Text color="fg.muted">Try adjusting your search criteria or clear filters</Text>
        </Box>
      )}
      {notes.status === 'success' && notes.data.length > 0 && (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6" data-testid="notes-grid">
          {notes.data.map((note) => (
            <NoteCard key={note.id} note={note} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
