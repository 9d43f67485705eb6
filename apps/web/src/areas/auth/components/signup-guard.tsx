import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../../../lib/session.ts";

export const COMPLETE_SIGNUP_PATH = "/complete-signup";

/**
 * An account single sign-on created sees only the complete-signup form until it is sent,
 * from whatever page it opens. An admin acting as that account is not sent there: finishing
 * someone's sign-up is theirs to do.
 */
export function RequireCompleteSignup({ children }: { children: ReactNode }) {
  const user = useSession().data?.user;
  const { pathname } = useLocation();
  if (user && !user.signupComplete && !user.impersonated && pathname !== COMPLETE_SIGNUP_PATH) {
    return <Navigate to={COMPLETE_SIGNUP_PATH} replace />;
  }
  return children;
}
