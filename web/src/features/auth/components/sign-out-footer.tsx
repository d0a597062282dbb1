import { useNavigate } from 'react-router';
import { genericErrorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSignOut } from '../api/sign-out';

/**
 * "Not your account? Log Out" under a step the account cannot skip (verifying the email,
 * setting a security question): the only way out of a modal without a close button.
 */
export function SignOutFooter() {
  const navigate = useNavigate();
  const signOut = useSignOut({
    onSuccess: ({ message }) => {
      toast.success(message);
      navigate('/');
    },
    onError: () => toast.error(genericErrorMessage),
  });
  return (
    <p className="form__footer">
      <span>Not your account?</span>
      <button
        type="button"
        className="link-button"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        Log Out
      </button>
    </p>
  );
}
