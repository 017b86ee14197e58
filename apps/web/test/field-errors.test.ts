import { describe, expect, it } from "vitest";
import { z } from "zod";
import { localeOfRequest } from "../src/i18n/locales";
import { fieldErrorsFor } from "../src/server/errors/field-errors";
import { SetAlertsInput } from "../src/server/routers/alerts/set.schema";
import { CreateTopUpInput } from "../src/server/routers/invoices/createTopUp.schema";
import { PlaygroundCreateInput } from "../src/server/routers/playground/create.schema";
import { RequestTestBalanceInput } from "../src/server/routers/testBalance/request.schema";

const Form = z.object({
  email: z.email("Enter a valid email address."),
  password: z.string().min(10, "Use at least 10 characters."),
  name: z.string().min(1, "Give it a name.").max(3),
  days: z.number().int().min(1).max(365),
  plan: z.enum(["a", "b"]),
});
const refused = Form.safeParse({ email: "nope", password: "short", name: "", days: 0, plan: "c" }).error!;

describe("field errors of a refused dashboard form", () => {
  it("keep the schemas' own messages in English", () => {
    expect(fieldErrorsFor(refused, "en").fieldErrors).toMatchObject({
      email: ["Enter a valid email address."],
      password: ["Use at least 10 characters."],
      name: ["Give it a name."],
    });
  });

  it("read in Russian by issue kind, with the bound in the sentence", () => {
    expect(fieldErrorsFor(refused, "ru").fieldErrors).toEqual({
      email: ["Введите адрес электронной почты."],
      password: ["Введите не меньше 10 символов."],
      name: ["Заполните поле."],
      days: ["Введите число не меньше 1."],
      plan: ["Выберите одно из допустимых значений."],
    });
    const long = Form.shape.name.safeParse("abcd").error!;
    expect(fieldErrorsFor(long, "ru").formErrors).toEqual(["Введите не больше 3 символов."]);
  });

  it("read a rule of ours as its own sentence in both languages, with its bounds", () => {
    const alerts = SetAlertsInput.safeParse({ lowBalanceThreshold: "ten", monthlySpendThreshold: "$0.00" }).error!;
    expect(fieldErrorsFor(alerts, "en").fieldErrors).toEqual({
      lowBalanceThreshold: ["Enter a dollar amount such as 10 or 10.50, or leave it empty for no alert."],
      monthlySpendThreshold: ["Enter more than $0, or leave it empty for no alert."],
    });
    expect(fieldErrorsFor(alerts, "ru").fieldErrors).toEqual({
      lowBalanceThreshold: ["Введите сумму в долларах, например 10 или 10.50, или оставьте поле пустым."],
      monthlySpendThreshold: ["Введите сумму больше $0 или оставьте поле пустым."],
    });
    const useCase = RequestTestBalanceInput.safeParse({ useCase: "  too short  " }).error!;
    expect(fieldErrorsFor(useCase, "ru").fieldErrors).toEqual({ useCase: ["Опишите задачу хотя бы в 20 символах."] });
    const tooMuch = CreateTopUpInput.safeParse({ amount: "10000.01" }).error!;
    expect(fieldErrorsFor(tooMuch, "en").fieldErrors).toEqual({ amount: ["Top-ups are between $5.00 and $10,000.00."] });
    const notMoney = CreateTopUpInput.safeParse({ amount: "25.505" }).error!;
    expect(fieldErrorsFor(notMoney, "ru").fieldErrors).toEqual({ amount: ["Введите сумму в долларах, например 25 или 25.50."] });
    expect(CreateTopUpInput.parse({ amount: " $5 " })).toEqual({ amount: "$5" });
    expect(SetAlertsInput.parse({ lowBalanceThreshold: null, monthlySpendThreshold: "10.5" })).toBeTruthy();
  });

  it("hold the playground's request to the API's field rules and the form's image modes", () => {
    const asked = { model: "gen-3.1-fast", prompt: "  " };
    const refused = PlaygroundCreateInput.safeParse({ ...asked, firstFrameUrl: "", lastFrameUrl: "ftp://x" }).error!;
    expect(fieldErrorsFor(refused, "en").fieldErrors).toEqual({
      prompt: ["Describe the clip you want."],
      firstFrameUrl: ["Enter the first frame's URL, or choose “No images”."],
      lastFrameUrl: ["Enter an absolute http:// or https:// URL."],
    });
    const noReference = PlaygroundCreateInput.safeParse({ ...asked, prompt: "x", urls: ["", " ", ""] }).error!;
    expect(noReference.issues.map((i) => i.path)).toEqual([["urls", 0]]);
    expect(fieldErrorsFor(noReference, "ru").fieldErrors).toEqual({
      urls: ["Введите URL хотя бы одного референса или выберите «Без изображений»."],
    });
    const long = PlaygroundCreateInput.safeParse({ ...asked, prompt: "x".repeat(4001) }).error!;
    expect(fieldErrorsFor(long, "en").fieldErrors).toEqual({ prompt: ["Use at most 4000 characters."] });
    // Blank reference fields are not sent; nothing else is changed.
    expect(PlaygroundCreateInput.parse({ ...asked, prompt: " x ", urls: ["", "https://a.example/1.png", ""] })).toEqual({
      model: "gen-3.1-fast",
      prompt: "x",
      urls: ["https://a.example/1.png"],
    });
  });

  it("take the language from the switcher's cookie, else Accept-Language", () => {
    expect(localeOfRequest(new Headers({ cookie: "a=1; locale=ru", "accept-language": "en" }))).toBe("ru");
    expect(localeOfRequest(new Headers({ "accept-language": "ru-RU,ru;q=0.9" }))).toBe("ru");
    expect(localeOfRequest(new Headers({ cookie: "locale=en", "accept-language": "ru" }))).toBe("en");
    expect(localeOfRequest(undefined)).toBe("en");
  });
});
