// What other modules may use of referrals.

export { referralsCustomerMover } from "./referrals.merge";
export { INVITES_PER_CUSTOMER, REFERRAL_ALREADY_DEFINED, registerReferralsRoutes } from "./referrals.routes";
