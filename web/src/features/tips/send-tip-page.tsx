import { useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CompleteSendTip } from './complete-send-tip';
import { readTipAddress } from './tip-options';
import '../../ui/form.css';
import '../../ui/page.css';

/**
 * /feed/:postId/send-tip/:tipName/:amount: confirms a tip on a post. Tipping has its own
 * feature, named like the server's tips module, since a tip moves money between people
 * inside the platform (booked through money's ledger) rather than being a part of posts.
 * The address is read as the modal's options are (tip-options.ts): one that names no tip
 * says so and fetches nothing.
 */
export default function SendTipPage() {
  const { postId = '', tipName = '', amount = '' } = useParams();
  useDocumentTitle('Send a tip');
  const tip = readTipAddress(postId, tipName, amount);
  return (
    <div className="page send-tip-page">
      <h1 className="page__title">Send a tip</h1>
      {tip.isValid ? (
        <CompleteSendTip tip={tip.value} />
      ) : (
        <p className="page__lead" role="status">
          {tip.message}
        </p>
      )}
    </div>
  );
}
