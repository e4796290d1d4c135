import { adminCore } from './adminCore';
import { adminInsights } from './adminInsights';

/** The texts of the back-office. */
export const admin = {
  ...adminCore,
  ...adminInsights,
};
