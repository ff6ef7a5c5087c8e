// What other modules may use of the job rulebook's server side: the binder's check.
export { createJobRuleCheck, defaultJobRuleDeps, type JobRuleDeps } from "./job-rules.check";
