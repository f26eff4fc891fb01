import { Link } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import './not-found-page.css';

/**
 * Every unknown address (prerendered as not-found.html). Plain markup and CSS
 * (not-found-page.css), no Chakra: a page a visitor can land on first (web/README.md, "One UI rule").
 */
export default function NotFoundPage() {
  return (
    <div className="nn-container nn-not-found">
      <h1 className="nn-heading nn-not-found__title">Page not found</h1>
      <p className="nn-muted">
        The page you are looking for does not exist.{' '}
        <Link to={paths.home} className="nn-link nn-not-found__link">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
