import type { IntlShape } from "react-intl";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";

const CAREER_STATUS: Record<string, Message> = defineMessages({
  student: { id: "resumes.careerStatus.student", defaultMessage: "Student" },
  graduate: { id: "resumes.careerStatus.graduate", defaultMessage: "Graduate" },
  professional: { id: "resumes.careerStatus.professional", defaultMessage: "Professional" },
  executive: { id: "resumes.careerStatus.executive", defaultMessage: "Executive" },
  returner: { id: "resumes.careerStatus.returner", defaultMessage: "Returner" },
});

/** A career status (the index keeps the resume's value, in either case) as people read it. */
export function careerStatusLabel(value: string, intl: IntlShape): string {
  const message = CAREER_STATUS[value.toLowerCase()];
  return message ? intl.formatMessage(message) : value;
}
