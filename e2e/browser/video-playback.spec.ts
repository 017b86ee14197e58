import { expect, test } from "./support/test";
import { newAccount, waitForTerminal } from "../support/fixtures";

test("a generated MP4 plays in Chromium at its exact size and duration", async ({ page }) => {
  const acct = await newAccount({ balance: "5.00" });
  const res = await acct.call("/api/v1/videos/generations", {
    method: "POST",
    json: {
      model: "gen-3.1-fast",
      prompt: "A yellow submarine under a calm sea",
      duration: 2,
      aspectRatio: "9:16",
      stream: false,
    },
  });
  const final = await waitForTerminal(acct, (await res.json()).id);
  expect(final.status).toBe("completed");

  await page.goto("/");
  const info = await page.evaluate(async (src) => {
    const video = document.createElement("video");
    video.muted = true;
    video.src = src;
    document.body.append(video);
    await new Promise<void>((resolve, reject) => {
      video.onloadeddata = () => resolve();
      video.onerror = () => reject(new Error(`video error ${video.error?.code}`));
    });
    await video.play();
    await new Promise((r) => setTimeout(r, 500));
    return { width: video.videoWidth, height: video.videoHeight, duration: video.duration, time: video.currentTime };
  }, final.output[0].url);
  expect(info.width).toBe(720);
  expect(info.height).toBe(1280);
  expect(info.duration).toBeCloseTo(2, 1);
  expect(info.time).toBeGreaterThan(0);
});
