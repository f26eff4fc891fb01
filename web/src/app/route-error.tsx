import { Button, Container, Heading, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

function RouteErrorScreen() {
  return (
    <Container maxW="3xl" py="16" role="alert">
      <Heading as="h1" size="2xl" mb="3">
        Something went wrong
      </Heading>
      <Text color="fg.muted" mb="6">
        The page could not be shown. Please try again.
      </Text>
      <Button colorPalette="teal" onClick={() => location.reload()}>
        Try Again
      </Button>
    </Container>
  );
}

/**
 * Last-resort boundary around the routed page, including a lazy chunk that fails to load
 * (typically after a deploy replaced the hashed files): reloading fetches the new ones.
 * The parent keys it by pathname, so navigating elsewhere clears the error.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('route failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
