import { Progress, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";

/**
 * How loud the microphone hears the student, from an AnalyserNode: the audio-only recorder's
 * stand-in for a camera preview, so the student sees that they are heard.
 */
export function LevelMeter({ stream }: { stream: MediaStream }) {
  const [level, setLevel] = useState(0);

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
      // Speech rarely peaks past half scale: doubling it fills the bar for a clear voice.
      setLevel(Math.min(100, Math.round((peak / 128) * 200)));
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
      <Text size="sm" fw={600} id="microphone-level">
        Microphone
      </Text>
      <Progress
        value={level}
        size="xl"
        radius="xl"
        color="teal"
        aria-labelledby="microphone-level"
        transitionDuration={0}
      />
    </Stack>
  );
}
