export function PreviewFailed() {
  return (
    <p role="alert" className="nn-alert">
      The preview could not be loaded. Use View Notes or Download to open the file.
    </p>
  );
}
