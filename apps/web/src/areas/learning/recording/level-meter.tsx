import { Group, Progress, Stack, Text } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";

/** A level a voice a little way from the microphone passes and a quiet room does not. */
const HEARD_AT = 20;

/**
 * The microphone check: how loud the microphone hears the student, from an AnalyserNode, and
 * "We can hear you" once a voice came through. Beside the camera preview, or in its place for
 * the audio-only recorder, so a student on their own device knows before they start that the
 * reading will be heard (a whole-class benchmark session has no adult at each device).
 */
export function LevelMeter({ stream }: { stream: MediaStream }) {
  const [level, setLevel] = useState(0);
  const [heard, setHeard] = useState(false);

  useEffect(() => {
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const measure = () => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
      // Speech rarely peaks past half scale: doubling it fills the bar for a clear voice. In
      // steps of 5, so that a steady sound does not draw the bar again at every frame.
      const next = Math.min(100, Math.round((peak / 128) * 40) * 5);
      setLevel(next);
      if (next >= HEARD_AT) setHeard(true);
      frame = requestAnimationFrame(measure);
    };
    // A context made before the student's first click starts suspended.
    void context.resume();
    frame = requestAnimationFrame(measure);
    return () => {
      cancelAnimationFrame(frame);
      void context.close();
    };
  }, [stream]);

  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Microphone
      </Text>
      {/* The bar's own name: Mantine gives the section, not the root, the progressbar role. */}
      <Progress.Root size="xl" radius="xl" transitionDuration={0}>
        <Progress.Section
          value={level}
          color="teal"
          aria-label="How loud the microphone hears you"
        />
      </Progress.Root>
      <Group gap={6} aria-live="polite">
        {heard && <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />}
        <Text size="sm" c={heard ? "teal.8" : "dimmed"}>
          {heard ? "We can hear you." : "Say a few words: the bar moves when we hear you."}
        </Text>
      </Group>
    </Stack>
  );
}
