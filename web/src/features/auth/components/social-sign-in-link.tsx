import { useAuthProviders } from '../api/get-auth-providers';
import { buildSocialStartUrl, readSignUpRole } from '../social-sign-in';
import { useNextPage } from '../use-run-next-step';
import '../auth-forms.css';

/**
 * 'Continue with {provider}' under the sign-in and sign-up forms; nothing when the server
 * offers no social sign-in. A plain link: the browser leaves for the provider's pages.
 */
export function SocialSignInLink() {
  const { data: providers } = useAuthProviders();
  const nextPage = useNextPage();
  const social = providers?.social;
  if (!social) return null;
  const href = buildSocialStartUrl(social.startUrl, { role: readSignUpRole(), nextPage });
  return (
    <div className="social-sign-in">
      <p className="social-sign-in__divider">
        <span>or</span>
      </p>
      <a className="button button--secondary form__submit" href={href}>
        Continue with {social.name}
      </a>
    </div>
  );
}
