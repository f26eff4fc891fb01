import { Link } from 'react-router-dom';
import { JOIN } from '../content';
import { useUploadTarget } from '../hooks/use-upload-target';
import { HomeSection } from './home-section';

export function JoinSection() {
  const uploadTarget = useUploadTarget();
  return (
    <HomeSection
      id="join"
      variant="accent"
      lead={<p className="nn-home-join__text">{JOIN.text}</p>}
    >
      <Link to={uploadTarget} className="nn-button nn-button--lg nn-button--inverse">
        {JOIN.buttonLabel}
      </Link>
    </HomeSection>
  );
}
