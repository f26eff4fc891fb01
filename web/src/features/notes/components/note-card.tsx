import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { paths } from '../../../shared/routing/paths';
import { RouterButton } from '../../../shared/ui';
import { orNA, type NoteSummary } from '../api/note-summary';

export function NoteCard({ note }: { note: NoteSummary }) {
  const fields: ReadonlyArray<readonly [string, string | number | null]> = [
    ['Subject', note.subjectName],
    ['Course', note.courseName],
    ['College', note.collegeName],
    ['Semester', note.semester],
  ];
  return (
    <Box
      as="article"
      aria-labelledby={`note-${note.id}-title`}
      data-note-id={note.id}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p="5"
      shadow="sm"
      display="flex"
      flexDirection="column"
      gap="3"
    >
      <Heading id={`note-${note.id}-title`} as="h2" size="md" lineClamp="2">
        {note.title}
      </Heading>
      {note.description && (
        <Text color="fg.muted" lineClamp="2">
          {note.description}
        </Text>
      )}
      <Stack as="dl" gap="1" fontSize="sm">
        {fields.map(([label, value]) => (
          <Box key={label} display="flex" gap="1">
            <Text as="dt" fontWeight="semibold">
              {label}:
            </Text>
            <Text as="dd">{orNA(value)}</Text>
          </Box>
        ))}
      </Stack>
      <Box mt="auto" pt="2">
        <RouterButton to={paths.note(note.id)} size="sm" variant="outline" colorPalette="teal">
          Detail
        </RouterButton>
      </Box>
    </Box>
  );
}
