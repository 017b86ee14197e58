/** Example generation records shared by several operations' responses. */

export const EXAMPLE_RECORD = {
  id: "vid_7hX2kLmQ9rT4vB8nC1dE3f",
  model: "gen-3.1-pro",
  status: "processing",
  price: "$0.480 / сек",
  eta_seconds: 42,
  queue_position: 3,
  output: [],
  created_at: "2026-11-21T15:16:57Z",
  prompt: "A paper boat drifting down a rainy street at dusk",
  duration: 8,
  size: "1080p",
  aspect_ratio: "16:9",
  progress: 0,
  seed: 42,
  negative_prompt: null,
  n: 1,
  generate_audio: false,
  billed_seconds: 8,
  cost: "$3.840",
  completed_at: null,
  quote_id: null,
  extended_from: null,
  extensions: [],
  concat_of: [],
  livemode: true,
} as const;

export const EXAMPLE_COMPLETED = {
  ...EXAMPLE_RECORD,
  status: "completed",
  eta_seconds: 0,
  queue_position: null,
  progress: 100,
  output: [
    {
      url: "https://cdn.example.com/cdn/vid_7hX2kLmQ9rT4vB8nC1dE3f.mp4",
      resolution: "1080p",
      duration: 8,
      poster_url: "https://cdn.example.com/cdn/vid_7hX2kLmQ9rT4vB8nC1dE3f.jpg",
      expires_at: "2026-12-21T15:17:41Z",
      has_audio: false,
      expired: false,
    },
  ],
  completed_at: "2026-11-21T15:17:41Z",
} as const;
