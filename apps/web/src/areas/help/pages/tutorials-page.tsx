import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  allows,
  classWords,
  type Role,
  readyInText,
  type TutorialName,
  tutorialFor,
  tutorialsShownTo,
} from "@refrain/domain";
import { IconAlertCircle, IconMovieOff } from "@tabler/icons-react";
import { PageTitle } from "../../../components/page-title.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { VideoPopout } from "../../../components/video-popout.tsx";
import { ApiError, errorText } from "../../../lib/api.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { useTutorVideos } from "../api/get-tutor-videos.ts";
import { useTutorial } from "../api/get-tutorial.ts";
import { TutorCarousel } from "../components/tutor-carousel.tsx";

const TUTOR_VIDEOS_HEADING = "tutor-videos-title";

const tutorVideosHeading = (
  <Title order={2} fz="h3" id={TUTOR_VIDEOS_HEADING}>
    Tutor videos
  </Title>
);

const NO_TUTOR_VIDEOS: EmptyListText = {
  icon: <IconMovieOff />,
  title: "No tutor videos yet",
  description: "The tutor story videos will show here once they are ready.",
};

/**
 * Tutorials (the Resources and Help menus): the tutor story videos in their carousel, and a
 * card per tutorial with its video, made from the product itself. A class owner finds their own
 * tours and their students' (`tutorialsShownTo`), in their pages' words; an admin or staff
 * member, who meets none, finds every tour as the teachers and students they look after do.
 */
export function TutorialsPage() {
  const tutorVideos = useTutorVideos();
  const role = useViewerRole();
  const ownsClass = role !== null && allows("classOwners", role);

  return (
    <Stack gap="xl">
      <div>
        <PageTitle>Tutorials</PageTitle>
        <Text c="dimmed" mt={4}>
          {ownsClass
            ? `Short videos of Refrain at work, and story videos to watch yourself or play for your ${classWords(role).classNoun}.`
            : "Short videos of Refrain as teachers and students meet it, and the story videos teachers play for their classes."}
        </Text>
      </div>

      <Stack gap="sm">
        <QueryList
          query={tutorVideos}
          loading="Loading the tutor videos..."
          empty={NO_TUTOR_VIDEOS}
          frame={(state) => (
            <>
              {tutorVideosHeading}
              {state}
            </>
          )}
        >
          {(videos) => (
            <TutorCarousel
              videos={videos}
              heading={tutorVideosHeading}
              headingId={TUTOR_VIDEOS_HEADING}
            />
          )}
        </QueryList>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="tutorials-title">
        <Title order={2} fz="h3" id="tutorials-title">
          How Refrain works
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {role &&
            tutorialsShownTo(role).map((name) => (
              <TutorialCard key={name} name={name} role={role} />
            ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

/**
 * One tutorial: its video, its title, and the text its popup opens with, in the reader's words.
 * A tour of someone else's pages says whose.
 */
function TutorialCard({ name, role }: { name: TutorialName; role: Role }) {
  const tutorial = tutorialFor(name, role);
  const titleId = `tutorial-${name}`;
  const view =
    tutorial.role === "student"
      ? "Student view"
      : allows("classOwners", role)
        ? null
        : "Teacher view";
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <TutorialVideo name={name} title={tutorial.title} />
        <div>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={3} fz="md" id={titleId}>
              {tutorial.title}
            </Title>
            {view && (
              <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                {view}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {tutorial.intro}
          </Text>
        </div>
      </Stack>
    </Paper>
  );
}

/** The tutorial's video as the server has it: playable, being made, or not there. */
function TutorialVideo({ name, title }: { name: TutorialName; title: string }) {
  const tutorial = useTutorial(name);
  if (tutorial.status === "pending") {
    return <Skeleton style={{ aspectRatio: "16 / 9" }} aria-hidden />;
  }
  if (tutorial.status === "error") {
    // As page-states' LoadError: trying again may help, unless the server refused.
    const refused = tutorial.error instanceof ApiError && tutorial.error.status < 500;
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle />}
        title="Could not load this video"
      >
        <Text size="sm">{errorText(tutorial.error)}</Text>
        {!refused && (
          <Button
            mt="xs"
            size="xs"
            variant="white"
            color="red"
            onClick={() => void tutorial.refetch()}
          >
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  const video = tutorial.data.success ? tutorial.data.data : null;
  return (
    <VideoPopout
      title={title}
      sources={video?.videos ?? []}
      captions={video?.captions}
      preparing={video?.preparing}
      readyWhen={readyInText(video?.readyIn ?? null)}
    />
  );
}
