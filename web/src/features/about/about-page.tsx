import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../ui/page.css';
import '../../ui/prose.css';

export default function AboutPage() {
  useDocumentTitle('About');
  return (
    <article className="page prose">
      <h1 className="page__title">About Stagepass</h1>
      <p className="page__lead">Stagepass lets you find creators and access their exclusive content.</p>
      <p>
        Stagepass is a home for creators and the fans who support them. Music artists, podcasters, startups
        and other creators publish videos (including series with episodes), audio, text and photo posts, and
        their fans follow, react, comment, tip and unlock the content they love. It works in any browser and
        can be installed on your phone like an app.
      </p>

      <h2>For creators</h2>
      <ul>
        <li>Publish video, audio, text and photo posts from one creator studio.</li>
        <li>Set your own pass prices for a day, a week or a month, and price single items.</li>
        <li>Give everyone a preview and keep the full content for paying fans.</li>
        <li>Receive tips on your posts, follow your earnings, and withdraw them to mobile money.</li>
        <li>Your content stays yours: Stagepass only hosts and shows it to the audience you choose.</li>
      </ul>

      <h2>For fans</h2>
      <ul>
        <li>Find featured creators, or search for the ones you already know.</li>
        <li>Follow creators, react to and comment on their posts, and reply to other fans.</li>
        <li>
          Listen to 30-second previews, then subscribe or unlock an item or a whole page for full access.
        </li>
        <li>Send tips to say thank you, straight from your wallet.</li>
      </ul>

      <h2>How payments work</h2>
      <p>
        Prices are in Zambian kwacha (K). You pay with mobile money through our licensed payment provider, or
        with a card. With mobile money, a prompt appears on your phone and you confirm the payment there;
        Stagepass checks the status until your operator confirms it. You can top up a wallet (K10, K20, K40,
        K50, K100 or any amount) and use its balance for tips and purchases. We never store card numbers or
        security codes: our card processor keeps them and gives us a token.
      </p>
      <p>
        Creators receive what their fans pay, less the platform fee, and withdraw their earnings to mobile
        money. The details are in our <Link to="/terms-of-use">Terms of Use</Link>, and how we handle your
        data is in our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <h2>Early days</h2>
      <p>
        Stagepass is in the early stage of development. Some features, such as messaging, will be available
        soon. Questions or ideas? Write to support@stagepass.example.
      </p>
    </article>
  );
}
