import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AudioIcon, ImageIcon, TextIcon, VideoIcon } from '../../ui/page-icons';
import './creator-studio.css';

const kinds = [
  { to: '/create/video', label: 'Video', hint: 'Upload a video or record one', Icon: VideoIcon },
  { to: '/create/audio', label: 'Audio', hint: 'Songs and podcasts', Icon: AudioIcon },
  { to: '/create/text', label: 'Text', hint: 'Say something to your fans', Icon: TextIcon },
  { to: '/create/photo', label: 'Photo', hint: 'Share a picture', Icon: ImageIcon },
];

/** /creator-studio/create (for creators): where the Create button leads; one way in for each kind of post. */
export default function CreatorStudioPage() {
  useDocumentTitle('Create');
  return (
    <div className="page">
      <h1 className="page__title">Create</h1>
      <p className="page__lead">What would you like to publish?</p>
      <ul className="studio-kinds">
        {kinds.map(({ to, label, hint, Icon }) => (
          <li key={to}>
            <Link to={to} className="studio-kinds__link">
              <Icon />
              <span className="studio-kinds__label">{label}</span>
              <span className="studio-kinds__hint">{hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
