// The job edit's messages (jobs-area §2), apart from its schemas (job-edit-rules.ts): the lens
// orders' messages repeat some of them, and the jobs list says those without loading zod.

export const JOB_EDIT_MESSAGES = {
  saved: "Selections successfully confirmed.",
  saveFailedFallback: "Error",
  noLensAvailable: "No lens available",
  noLensesMatch: "No lenses match this prescription",
  frameSizeRequired: "Frame size required",
  pleaseEditPrescription: "Please edit prescription",
  printDocket: "Print job docket?",
  print: "Print",
  noThanks: "No thanks",
  pdHeightsUpdated: "PD heights have been successfully updated!",
  pdHeightsFailed: "Failed to update PD heights. Please try again.",
  pdCreated: "New PD has been successfully created!",
  pdCreateFailed: "Failed to create new PD. Please try again.",
  zeissExcluded: "Zeiss lenses are not offered.",
  prescriptionOutOfRange: "This lens cannot be made in this prescription.",
  diameterTooSmall: "No diameter of this lens fits the frame size and PD.",
  prescriptionRequired: "The Prescription field is required.",
  prescriptionTypeRequired: "The Type field is required.",
  intermediateNotOffered: "Intermediate needs a prescription with an intermediate add.",
  pdRequired: "The Pupil Distance field is required.",
  lensRequired: "The Lenses field is required.",
} as const;
