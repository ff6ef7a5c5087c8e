// The spec's shared validation messages (customers-area §5). Every rule that shows one of these
// builds it here, so the form and the server say exactly the same words.
export const messages = {
  required: (field: string) => `The ${field} field is required.`,
  minValue: (field: string, min: number | string) => `${field} must be greater than ${min}.`,
  maxValue: (field: string, max: number | string) => `The ${field} must be lower than ${max}`,
  halfValue: "Please enter a valid PD value",
  minLength: (field: string, n: number) => `The ${field} field has to be at least ${n} characters`,
  maxLength: (field: string, n: number) => `The ${field} field can be maximum ${n} characters`,
  between: (field: string, min: number, max: number) =>
    `The ${field} field has to be between ${min} and ${max}`,
  maxSize: (field: string, size: number) => `The ${field} field has to be smaller than ${size}MB`,
  alphaSpaces: (field: string) => `The ${field} field may only contain alphabetic characters and spaces`,
  requiredWith: (other: string, field: string) =>
    `The ${other} field is required when the ${field} field has value`,
  email: (field = "email") => `The ${field} field must be a valid email`,
  noMustache: "Message has unresolved variable(s).",
} as const;
