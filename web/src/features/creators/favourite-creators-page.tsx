import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFavouriteCreators } from './api/get-favourite-creators';
import { CreatorCards, LoadError, LoadingCreatorCards } from './components/creator-list';
import '../../ui/page.css';
import './components/creator-list.css';

/** /creators/favourites (for accounts): the creators the signed-in user follows. */
export default function FavouriteCreatorsPage() {
  useDocumentTitle('Favourite creators');
  const favourites = useFavouriteCreators();

  return (
    <div className="page">
      <h1 className="page__title">Favourite creators</h1>
      <p className="page__lead">The creators you follow.</p>
      {favourites.isPending ? (
        <LoadingCreatorCards label="Favourite creators" count={4} />
      ) : favourites.isError ? (
        <LoadError
          message="Your favourite creators could not be loaded."
          onRetry={() => void favourites.refetch()}
        />
      ) : favourites.data.length === 0 ? (
        <div className="creator-list__empty">
          <p>You don't follow any creators yet.</p>
          <Link className="button button--primary" to="/creators/all">
            Browse all creators
          </Link>
        </div>
      ) : (
        <CreatorCards creators={favourites.data} label="Favourite creators" />
      )}
    </div>
  );
}
