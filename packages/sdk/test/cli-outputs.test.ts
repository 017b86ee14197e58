// Where `vgen generate --n N` saves each clip: the first at --out, clip i beside it.
import { describe, expect, it } from "vitest";
import { outputPath } from "../src/cli/follow.js";

describe("outputPath", () => {
  it("keeps --out for the first clip and names the others <name>-<i><ext> beside it", () => {
    expect(outputPath("clip.mp4", 0)).toBe("clip.mp4");
    expect(outputPath("clip.mp4", 1)).toBe("clip-1.mp4");
    expect(outputPath("out/vid_abc.mp4", 3)).toBe("out/vid_abc-3.mp4");
  });

  it("appends the index to a name without an extension, not to a dotted folder", () => {
    expect(outputPath("clip", 2)).toBe("clip-2");
    expect(outputPath("my.dir/clip", 1)).toBe("my.dir/clip-1");
    expect(outputPath(".hidden", 1)).toBe(".hidden-1");
  });
});
