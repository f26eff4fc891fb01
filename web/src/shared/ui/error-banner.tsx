import { Box, type BoxProps } from '@chakra-ui/react';

/**
 * The signed-in app's one way to show a page's or a form's error: the red box (spec section 8:
 * sign-up's "red box", the upload form's "red banner", the admin screens' banner). A field's own
 * message is a `FieldError` (shared/ui/field-error.tsx) under that field.
 */
export function ErrorBanner(props: BoxProps) {
  return (
    <Box
      role="alert"
      bg="red.subtle"
      borderWidth="1px"
      borderColor="red.border"
      color="red.fg"
      rounded="md"
      px="4"
      py="3"
      {...props}
    />
  );
}
