import { Button, Group, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { answersSpeech, type ExamQuestion } from "@refrain/domain";
import { IconPlayerStop, IconVolume } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";

/** The browser's speech synthesis, when it has one. */
function speech(): SpeechSynthesis | null {
  if (typeof window === "undefined") return null;
  const synth: SpeechSynthesis | undefined = window.speechSynthesis;
  return synth && typeof window.SpeechSynthesisUtterance === "function" ? synth : null;
}

/** Whatever is reading aloud now: a new voice stops the one before. */
let stopCurrent: (() => void) | null = null;

/**
 * Reads a question or its answers aloud: the recorded file when there is one, otherwise the
 * browser's speech synthesis reads `text`. Without either the button is disabled and says why.
 */
export function VoiceButton({
  label,
  url,
  text,
}: {
  label: string;
  url: string | null;
  text: string;
}) {
  const [playing, setPlaying] = useState(false);
  const stopRef = useRef<(() => void) | null>(null);
  const available = url !== null || speech() !== null;

  useEffect(
    () => () => {
      stopRef.current?.();
    },
    [],
  );

  const stop = () => {
    stopRef.current?.();
  };

  const start = () => {
    stopCurrent?.();
    const finish = () => {
      setPlaying(false);
      if (stopCurrent === halt) stopCurrent = null;
      stopRef.current = null;
    };
    let halt: () => void;
    if (url) {
      const audio = new Audio(url);
      audio.onended = finish;
      halt = () => {
        audio.pause();
        finish();
      };
      audio.play().catch(() => {
        finish();
        notifications.show({ color: "red", message: "The recording could not be played." });
      });
    } else {
      const synth = speech();
      if (!synth) return;
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.rate = 0.9;
      utterance.onend = finish;
      utterance.onerror = finish;
      halt = () => {
        synth.cancel();
        finish();
      };
      synth.cancel();
      synth.speak(utterance);
    }
    stopCurrent = halt;
    stopRef.current = halt;
    setPlaying(true);
  };

  const button = (
    <Button
      variant="light"
      size="xs"
      leftSection={playing ? <IconPlayerStop size={14} /> : <IconVolume size={14} />}
      aria-pressed={playing}
      data-disabled={!available || undefined}
      aria-disabled={!available || undefined}
      onClick={(event) => {
        if (!available) {
          event.preventDefault();
          return;
        }
        if (playing) stop();
        else start();
      }}
    >
      {label}
    </Button>
  );
  return available ? (
    button
  ) : (
    <Tooltip label="Reading aloud is not available in this browser.">{button}</Tooltip>
  );
}

/** A question's two voices: the question, then its answers read as "A. … B. …". */
export function QuestionVoices({ question }: { question: ExamQuestion }) {
  return (
    <Group gap="xs">
      <VoiceButton
        label="Question voice"
        url={question.question_voice_url}
        text={question.question}
      />
      <VoiceButton
        label="Answers voice"
        url={question.answers_voice_url}
        text={answersSpeech(question.answers)}
      />
    </Group>
  );
}
