import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../../shared/ui';

export default function NoteDetailPage() {
  const { notesId } = useParams();
  return <PlaceholderPage title={`Note ${notesId ?? ''}`.trim()} />;
}
