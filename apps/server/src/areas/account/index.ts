/** What other parts of the server may use of the account area: everything else in it is its own. */
export { assertOpenClass, classOpenFor, requireOpenClass } from "./billing/access.ts";
export type { Billing } from "./billing/copy.ts";
export { paymentProviderOf } from "./billing/payments.ts";
export { cancelBeforeErasure } from "./billing/service.ts";
export {
  classSettingsColumns,
  DEFAULT_CLASS_SETTINGS,
  lessonDefaultsOf,
  loadClassSettings,
  orDefaults,
} from "./class-settings.ts";
export { permissionSlipDocx } from "./permission-slip.ts";
export { accountQueues } from "./queues.ts";
export { accountArea, type EraseAccount } from "./routes.ts";
export { slipSender } from "./service.ts";
