import { Link } from 'react-router';
import { LegalDocument, type LegalSection, legalLastUpdated, supportContact } from './legal-document';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are and what these terms cover',
    body: (
      <>
        <p>
          Stagepass is an online platform, available on the web and as an installable app, where creators
          (music artists, podcasters, startups and others) publish video, audio, text and photo content, and
          where fans follow them, subscribe to them, unlock their exclusive content and send them tips.
        </p>
        <p>
          These Terms of Use are an agreement between you and Stagepass. They apply whenever you visit
          Stagepass, whether or not you have an account. By creating an account or by using Stagepass you
          agree to them. If you do not agree, please do not use Stagepass. Our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link> explains how we handle your personal data and forms
          part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    heading: 'Your account',
    body: (
      <>
        <p>
          You must be at least 18 years old to create an account, to pay on Stagepass or to publish content.
          When you sign up, directly or through a social sign-in provider, you agree to give true information
          and to keep it up to date.
        </p>
        <ul>
          <li>
            Choose a password you do not use elsewhere, keep it and the answer to your security question
            secret, and tell us at once at {supportContact} if you think someone else has used your account.
          </li>
          <li>
            You are responsible for everything done through your account unless it was caused by our fault.
          </li>
          <li>
            One person may hold one fan account and one creator page. Accounts may not be sold, rented or
            transferred.
          </li>
          <li>
            Your username must not impersonate another person, brand or creator, and must not be offensive. We
            may change a username that breaks this rule.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'creators',
    heading: 'Creators and their content',
    body: (
      <>
        <p>
          <strong>You keep ownership of your content.</strong> Everything you publish on Stagepass (videos,
          series and episodes, audio, text, photos, cover art and descriptions) remains yours, together with
          any copyright and other rights in it.
        </p>
        <p>
          To run the service you give Stagepass a worldwide, non-exclusive, royalty-free licence to host,
          store, copy, transcode, resize, cut previews from, display, stream and distribute your content on
          Stagepass and in its apps, to the audiences you choose, and to show short excerpts, your name and
          your profile picture to promote your page on Stagepass. The licence ends when you delete the content
          or your account, except for copies that fans have already lawfully downloaded where you allowed it,
          copies kept for the periods described in our Privacy Policy, and copies we must keep by law.
        </p>
        <p>When you publish, you promise that:</p>
        <ul>
          <li>
            you own the content or hold every right, licence and permission needed to publish and sell it on
            Stagepass, including the rights of musicians, producers, performers and anyone who can be
            recognised in it;
          </li>
          <li>the content obeys these terms and the laws of Zambia and of the places you publish from;</li>
          <li>the prices, descriptions and episode lists you show are accurate.</li>
        </ul>
        <p>
          Creators set their own subscription price and period (daily, weekly or monthly) and the price of
          single unlocks. Where a creator sets no price, Stagepass shows a default price, which the creator
          can change at any time; a change applies to new purchases only.
        </p>
      </>
    ),
  },
  {
    id: 'fans',
    heading: 'Fans: using content',
    body: (
      <>
        <p>
          When you subscribe, unlock an item or a whole page, Stagepass gives you a personal, non-transferable
          licence to watch, listen to or read that content on Stagepass for your own private use, for as long
          as your access lasts. You may not copy, record, download (unless a download button is offered),
          re-upload, share your access, resell or publicly show content you have paid for.
        </p>
        <p>
          Visitors who have not paid may see previews, such as the first 30 seconds of an audio track.
          Previews are part of the creator's content and the same rules apply to them.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    heading: 'Payments, wallet and prices',
    body: (
      <>
        <p>
          All prices on Stagepass are in Zambian kwacha (ZMW, shown with the prefix K) and include any taxes
          we must charge. You can pay with mobile money (for example MTN MoMo, Airtel Money or Zamtel Kwacha)
          through our licensed payment provider, or by card through our card processor. When you pay with
          mobile money, you confirm the payment on your own phone; the payment is complete only when your
          mobile money operator confirms it.
        </p>
        <ul>
          <li>
            <strong>Wallet.</strong> You can top up a Stagepass wallet and use its balance for tips and
            purchases. The wallet holds prepaid value for use on Stagepass only; it is not a bank account,
            earns no interest and cannot be transferred to another user.
          </li>
          <li>
            <strong>Subscriptions.</strong> A subscription gives access to a creator's subscriber content for
            the period shown (1, 7 or 30 days). If you renew while a subscription is still active, the new
            period is added to the end of the current one. Subscriptions do not renew by themselves unless you
            turn on a renewal option where one is offered.
          </li>
          <li>
            <strong>Unlocks.</strong> Unlocking an item or a creator's whole page gives you access to what the
            purchase describes, for as long as the creator keeps it on Stagepass.
          </li>
          <li>
            <strong>Tips.</strong> Tips are voluntary gifts to a creator. They buy no content or service and
            are paid from your wallet balance.
          </li>
        </ul>
        <p>
          Creators receive what fans pay them, less the platform fee and any payment provider charges shown in
          their creator settings, and can withdraw their earnings to a mobile money account. Creators are
          responsible for their own tax on their earnings.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    heading: 'Refunds and failed payments',
    body: (
      <>
        <p>
          Because digital content is available as soon as you pay for it, purchases, subscriptions and tips
          are final once completed, except where the law gives you a right to a refund or where this section
          says otherwise. We will refund you, to your wallet or to the original payment method, when:
        </p>
        <ul>
          <li>
            you were charged but the access you paid for was never given because of a fault on Stagepass;
          </li>
          <li>you were charged twice for the same purchase;</li>
          <li>
            a creator removes subscriber content or their page early in a paid period and does not replace it,
            in which case we may refund the unused part of the period;
          </li>
          <li>a payment was made from your account without your permission and you told us promptly.</li>
        </ul>
        <p>
          If a mobile money payment fails or is rejected, nothing is charged on Stagepass; if your operator
          took the money but the payment shows as failed, contact us with the transaction details and we will
          credit or refund it once our payment provider confirms it. Ask for a refund within 30 days at{' '}
          {supportContact}. Wallet balances are refunded on request when you close your account, less any
          amount owed to us.
        </p>
      </>
    ),
  },
  {
    id: 'prohibited',
    heading: 'Prohibited content and conduct',
    body: (
      <>
        <p>You must not publish, send or link to anything, or use Stagepass in any way, that:</p>
        <ul>
          <li>sexually exploits or endangers children, or shows anyone under 18 in a sexual way;</li>
          <li>
            shows sexual content of anyone without their consent, or explicit sexual content of any kind;
          </li>
          <li>
            promotes violence, terrorism or self-harm, or harasses, bullies, threatens or incites hatred
            against anyone, including on grounds of ethnicity, tribe, religion, gender, disability or sexual
            orientation;
          </li>
          <li>infringes copyright, trade marks or other rights, including music you have no licence for;</li>
          <li>shares another person's private information, or impersonates a person or organisation;</li>
          <li>is a scam, a pyramid scheme, or misleads fans about what they are paying for;</li>
          <li>sells or promotes illegal goods or services, weapons, drugs or gambling;</li>
          <li>
            contains malware, or tries to break, overload, scrape or get around the security or the access
            controls of Stagepass (for example, to reach paid content without paying);
          </li>
          <li>uses stolen payment details or someone else's mobile money account, or launders money.</li>
        </ul>
        <p>
          You can report a profile or content from its options menu. We review reports and may remove content,
          limit features or suspend accounts. Where the law requires, we report illegal content to the
          authorities.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    heading: 'Suspension and closing accounts',
    body: (
      <>
        <p>
          You can close your account at any time from your settings or by writing to {supportContact}. Before
          you close a creator account, withdraw your earnings; we pay out any remaining earnings that are due,
          less amounts owed, to your mobile money account.
        </p>
        <p>
          We may suspend or close an account, remove content or withhold earnings connected with a breach, if
          you break these terms or the law, if we must do so by law, or to protect fans, creators or Stagepass
          from fraud or harm. Unless the law or safety prevents it, we will tell you why and give you a chance
          to respond. If we close an account without a breach on your part, we refund fans the unused part of
          paid periods and pay creators what they have earned.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    heading: 'Our service and our liability',
    body: (
      <>
        <p>
          Stagepass is in an early stage of development and some features (such as messaging) are not
          available yet. We work to keep it running and secure, but we do not promise that it will always be
          available or free of errors, and we may change or stop features. Creators, not Stagepass, are
          responsible for their content and for what they promise their fans.
        </p>
        <p>
          Nothing in these terms limits rights you have under Zambian consumer protection law that cannot be
          limited, or our liability for death or injury caused by negligence, or for fraud. Otherwise, we are
          not liable for indirect or unforeseeable losses, and our total liability to you for any claim is
          limited to the amount you paid to Stagepass in the 12 months before the claim.
        </p>
      </>
    ),
  },
  {
    id: 'changes-and-law',
    heading: 'Changes, governing law and contact',
    body: (
      <>
        <p>
          We may update these terms when the service or the law changes. We will post the new version here
          and, for important changes, tell signed-in users at least 14 days before they apply. If you keep
          using Stagepass after that, the new terms apply; if you do not agree, you can close your account.
        </p>
        <p>
          These terms are governed by the laws of the Republic of Zambia, and the courts of Zambia have
          jurisdiction over any dispute, without taking away any right you have to bring a claim where you
          live. Before going to court, please write to us at {supportContact} so we can try to solve the
          problem together.
        </p>
      </>
    ),
  },
];

export default function TermsOfUsePage() {
  return (
    <LegalDocument
      title="Terms of Use"
      lastUpdated={legalLastUpdated}
      introduction={
        <p>
          Please read these terms carefully. They explain what you can expect from Stagepass, what we expect
          from you, how payments and refunds work, and who owns the content published here.
        </p>
      }
      sections={sections}
    />
  );
}
