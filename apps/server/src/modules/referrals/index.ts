// What other modules may use of referrals.
export { INVITES_PER_CUSTOMER, REFERRAL_ALREADY_DEFINED, registerReferralsRoutes } from "./referrals.routes";
export { referralsCustomerMover } from "./referrals.merge";
