import { useAuthSession } from './use-auth-session';

export interface SignInButtonsProps {
  /** 'page': primary buttons in the page; 'top-bar': small light buttons on the dark top bar. */
  variant?: 'page' | 'top-bar';
  /** Offer Register beside Sign in (default true). */
  register?: boolean;
}

const styles = {
  page: { signIn: 'btn btn-primary', register: 'btn btn-outline-primary' },
  'top-bar': {
    signIn: 'btn btn-sm btn-light text-nowrap',
    register: 'btn btn-sm btn-outline-light text-nowrap',
  },
} as const;

/**
 * Sign in (and Register: the provider's registration page, SPEC §7's register flag) for a
 * signed-out visitor: on the landing pages, the not-authenticated page and the top bar.
 */
export function SignInButtons({ variant = 'page', register = true }: SignInButtonsProps) {
  const session = useAuthSession();
  const style = styles[variant];
  const buttons = (
    <>
      <button
        type="button"
        className={style.signIn}
        onClick={() => {
          void session.signIn();
        }}
      >
        Sign in
      </button>
      {register ? (
        <button
          type="button"
          className={style.register}
          onClick={() => {
            void session.signIn({ register: true });
          }}
        >
          Register
        </button>
      ) : null}
    </>
  );
  // The top bar lays its children out itself.
  return variant === 'top-bar' ? buttons : <div className="d-flex flex-wrap gap-2">{buttons}</div>;
}
