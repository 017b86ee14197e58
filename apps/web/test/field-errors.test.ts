import { describe, expect, it } from "vitest";
import { z } from "zod";
import { localeOfRequest } from "../src/i18n/locales";
import { fieldErrorsFor } from "../src/server/errors/field-errors";

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

  it("take the language from the switcher's cookie, else Accept-Language", () => {
    expect(localeOfRequest(new Headers({ cookie: "a=1; locale=ru", "accept-language": "en" }))).toBe("ru");
    expect(localeOfRequest(new Headers({ "accept-language": "ru-RU,ru;q=0.9" }))).toBe("ru");
    expect(localeOfRequest(new Headers({ cookie: "locale=en", "accept-language": "ru" }))).toBe("en");
    expect(localeOfRequest(undefined)).toBe("en");
  });
});
