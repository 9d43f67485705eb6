import {
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  Stack,
  Stepper,
  Text,
  TextInput,
} from "@mantine/core";
import {
  LOGIN_LIMITS,
  messages,
  STUDENT_LOGIN_ERROR_PARAM,
  type StudentTile,
  studentLoginErrorText,
  studentLoginMessages,
  studentLoginRequest,
} from "@refrain/domain";
import { IconArrowLeft, IconLogin2 } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { ApiError, errorText } from "../../../lib/api.ts";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSchemaForm } from "../../../lib/schema-form.ts";
import { useSocialProviders } from "../api/get-social-providers.ts";
import { useStudentLogin } from "../api/student-login.ts";
import { AuthCard, AuthHeading } from "../components/auth-card.tsx";
import { SsoButton } from "../components/social-buttons.tsx";
import classes from "./student-login-page.module.css";

const laterSteps = () => import("../components/student-login-steps.tsx");
const StudentTiles = lazy(() => laterSteps().then((m) => ({ default: m.StudentTiles })));
const PasswordStep = lazy(() => laterSteps().then((m) => ({ default: m.PasswordStep })));
const OopsPopup = lazy(() =>
  import("../components/oops-popup.tsx").then((m) => ({ default: m.OopsPopup })),
);

type Step = z.input<typeof studentLoginRequest>["step"];

/** Student login in three steps: teacher, then who you are, then password (access spec screen 11). */
export function StudentLoginPage() {
  useDocumentTitle("Student Login · Refrain");
  const signIn = useStudentLogin();
  const [tiles, setTiles] = useState<StudentTile[]>([]);
  // The class picks names from tiles, but this browser needs the class code to show them.
  const [codeOffered, setCodeOffered] = useState(false);
  const showTiles = useStudentLogin();
  const [popup, setPopup] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Single sign-on (Clever) is offered only when the server has a students' provider.
  const singleSignOn = useSocialProviders("student").data ?? [];
  // A single sign-on that failed comes back as ?error={code}, told in the same popup.
  const [params, setParams] = useSearchParams();
  const returnedError = params.get(STUDENT_LOGIN_ERROR_PARAM);
  const shownPopup = popup ?? (returnedError ? studentLoginErrorText(returnedError) : null);
  // Loaded with the first popup, then kept, so that it closes with its transition.
  const [popupNeeded, setPopupNeeded] = useState(shownPopup !== null);
  if (shownPopup !== null && !popupNeeded) setPopupNeeded(true);
  const closePopup = () => {
    setPopup(null);
    if (returnedError) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(STUDENT_LOGIN_ERROR_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  };
  const form = useSchemaForm(studentLoginRequest, {
    step: 1,
    type: "unknown",
    teacher: "",
    student: "",
    password: "",
    classCode: "",
  });
  const { step, type } = form.values;
  const chosen = tiles.find((tile) => tile.id === form.values.studentId);
  const busy = signIn.isPending || showTiles.isPending || leaving;
  const picking = step === 2 && type === "select";

  const { focus } = form;
  useEffect(() => {
    if (step === 1) focus("teacher");
    else if (step === 2 && type === "input") focus("student");
    else if (step === 3) focus("password");
  }, [step, type, focus]);

  const goTo = (next: Step) => {
    form.clearErrors();
    form.setValue("step", next);
  };
  const showError = (error: unknown) => setPopup(errorText(error));
  const somethingWrong = () => setPopup(messages.somethingWrong);

  const onSubmit = form.handleSubmit(({ step, type, teacher, student, studentId, password }) => {
    if (step === 1) {
      // The next steps load while the server checks the teacher.
      void laterSteps();
      signIn.mutate(
        { step, teacher },
        {
          onSuccess: ({ data }) => {
            if (data.type !== "input" && data.type !== "select") return somethingWrong();
            setTiles(data.students ?? []);
            setCodeOffered(data.classCodeShowsTiles === true);
            form.setValue("type", data.type);
            goTo(2);
          },
          onError: showError,
        },
      );
    } else if (step === 2) {
      signIn.mutate(
        { step, type: "input", teacher, student },
        { onSuccess: ({ data }) => (data.id ? goTo(3) : somethingWrong()), onError: showError },
      );
    } else {
      const who = type === "select" ? { studentId } : { student };
      signIn.mutate(
        { step, type, teacher, ...who, password },
        {
          onSuccess: (answer) => {
            if (!answer.data.success) return somethingWrong();
            setLeaving(true);
            // A full load, so the page gets the new session and its CSRF tag from the server.
            window.location.assign(answer.redirect ?? "/");
          },
          onError: showError,
        },
      );
    }
  });

  /** The class code typed: step 1 again, which answers the tiles when it matches. */
  const submitCode = () => {
    form.clearErrors("classCode");
    const values = {
      step: 1 as const,
      teacher: form.values.teacher,
      classCode: form.values.classCode,
    };
    const checked = studentLoginRequest.safeParse(values);
    const typed = checked.success ? checked.data.classCode : undefined;
    if (!typed) {
      const issue = checked.error?.issues.find((i) => i.path[0] === "classCode");
      form.setError("classCode", issue?.message ?? studentLoginMessages.classCodeMissing);
      return;
    }
    showTiles.mutate(values, {
      onSuccess: ({ data }) => {
        if (data.type !== "select") return somethingWrong();
        setTiles(data.students ?? []);
        setCodeOffered(false);
        form.setValue("type", "select");
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.errors?.classCode?.[0] : undefined;
        if (message) form.setError("classCode", message);
        else showError(error);
      },
    });
  };

  const pickTile = (tile: StudentTile) => {
    form.setValue("studentId", tile.id);
    goTo(3);
  };

  return (
    <AuthCard width={picking ? 880 : 520}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <AuthHeading title="Student Login">
            {step === 1 && "Start with your teacher's username."}
            {picking && "Find your name and click it."}
            {step === 2 && type === "input" && "Type your own username."}
            {step === 3 && "Last step: your password."}
          </AuthHeading>
          <Stepper active={step - 1} size="sm" allowNextStepsSelect={false}>
            <Stepper.Step label="Teacher" />
            <Stepper.Step label="You" />
            <Stepper.Step label="Password" />
          </Stepper>

          {step === 1 && (
            <TextInput
              {...form.field("teacher")}
              label="Teacher's username"
              autoComplete="off"
              maxLength={LOGIN_LIMITS.teacherUsername}
            />
          )}

          {step === 2 && type === "input" && (
            <TextInput
              {...form.field("student")}
              label="Your username"
              autoComplete="username"
              maxLength={LOGIN_LIMITS.studentUsername}
            />
          )}

          {step === 2 && type === "input" && codeOffered && (
            <Stack gap="xs" className={classes.classCode}>
              <Text size="sm">
                Does your class pick names from a list? Type the class code from your login card
                once on this computer, and your class's names show here.
              </Text>
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <TextInput
                  {...form.field("classCode")}
                  label="Class code"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={LOGIN_LIMITS.classCode}
                  className={classes.codeField}
                  onKeyDown={(event) => {
                    // Enter here shows the names instead of sending the username step.
                    if (event.key === "Enter") {
                      event.preventDefault();
                      submitCode();
                    }
                  }}
                />
                <Button variant="light" mt={25} loading={showTiles.isPending} onClick={submitCode}>
                  Show names
                </Button>
              </Group>
            </Stack>
          )}

          {picking &&
            (tiles.length > 0 ? (
              <Suspense fallback={<Loader mx="auto" />}>
                <StudentTiles tiles={tiles} busy={busy} onPick={pickTile} />
              </Suspense>
            ) : (
              <Text c="dimmed">
                Your teacher has not added any students yet. Please ask your teacher for help.
              </Text>
            ))}

          {step === 3 && (
            <Suspense fallback={<Loader mx="auto" />}>
              <PasswordStep
                student={chosen?.name ?? form.values.student ?? ""}
                {...form.field("password")}
              />
            </Suspense>
          )}

          <Group justify={step === 1 ? "flex-end" : "space-between"}>
            {step > 1 && (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                disabled={busy}
                onClick={() => goTo(step === 3 ? 2 : 1)}
              >
                Previous
              </Button>
            )}
            {!picking && (
              <Button type="submit" loading={busy}>
                {step === 3 ? "Log In" : "Next"}
              </Button>
            )}
          </Group>

          {step === 1 && singleSignOn.length > 0 && (
            <>
              <Divider label="or" labelPosition="center" />
              {singleSignOn.map((entry) => (
                <SsoButton key={entry.type} entry={entry} icon={IconLogin2} />
              ))}
            </>
          )}

          {step === 1 && (
            <Text size="sm" ta="center">
              Teacher or parent?{" "}
              <Anchor component={Link} to="/login">
                Sign in here
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>

      {popupNeeded && (
        <Suspense fallback={null}>
          <OopsPopup message={shownPopup} onClose={closePopup} />
        </Suspense>
      )}
    </AuthCard>
  );
}
