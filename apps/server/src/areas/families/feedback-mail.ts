import { Text } from "@react-email/components";
import { createElement as h } from "react";
import { paragraph } from "../../mail-layout.ts";
import { parentIntl } from "./mail/intl.ts";
import { type ParentMailDeps, type ParentMailResult, sendParentMail } from "./parent-mail.ts";

/**
 * A teacher's message to a student also reaches the parent, when the teacher switched parent
 * e-mails on (classroom spec §1: parents receive student feedback), through the "parent_emails"
 * list with its switch, unsubscribe and bounce checks. The message is the teacher's own words,
 * not translated; the sentences around it are in the parent's language.
 */
export function mailFeedbackToParent(
  deps: ParentMailDeps,
  teacherName: string,
  studentId: number,
  message: string,
): Promise<ParentMailResult> {
  return sendParentMail(deps, {
    student: studentId,
    list: "parent_emails",
    compose: (parent) => {
      const intl = parentIntl(parent.language);
      const values = { teacher: teacherName, name: parent.firstName };
      return {
        subject: intl.formatMessage({ id: "feedbackMail.subject" }, values),
        content: h(
          "div",
          null,
          paragraph(intl.formatMessage({ id: "feedbackMail.intro" }, values)),
          h(
            Text,
            {
              style: {
                borderLeft: "3px solid #1c7ed6",
                color: "#212529",
                fontSize: "16px",
                lineHeight: "24px",
                paddingLeft: "12px",
                whiteSpace: "pre-line",
              },
            },
            message,
          ),
          paragraph(intl.formatMessage({ id: "feedbackMail.home" }, values)),
        ),
      };
    },
  });
}
