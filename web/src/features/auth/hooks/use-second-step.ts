import { secondStepPending } from '../assurance'
import { useAuth } from './use-auth'

/**
 * Whether the signed-in user still has to give the code of their authenticator app: until then
 * the account page asks for it instead of showing the account (docs/product.md#two-step-verification).
 */
export function useSecondStepPending(): boolean {
  return secondStepPending(useAuth().session)
}
