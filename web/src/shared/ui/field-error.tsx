import { Text } from '@chakra-ui/react';

/**
 * A field's own validation message, under it (signed-in forms: upload/update, the admin's Edit
 * User). Not an alert: the field names it with aria-describedby and aria-invalid, so it is read
 * with the field; a form's or page's failure is an `ErrorBanner`. Imported by path, like
 * form-controls, so pages without forms do not carry it.
 */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <Text id={id} fontSize="sm" color="red.fg" mt="1">
      {message}
    </Text>
  );
}
