import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailSender } from "../../integrations/email";
import { startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
let customerId: number;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    adapters: { email: createEmailSender({ SMTP_URL: smtp.url, MAIL_FROM: "Loupe <no-reply@loupe.test>" }) },
  });
  token = await t.login();
  customerId = (
    await t.call(token, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Mia", email: "mia@example.com", mobile: "0412 000 111" },
    })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (payload: Record<string, unknown>) =>
  t.call(token, { method: "POST", url: `/api/staff/customers/${customerId}/messages`, payload });

describe("messages", () => {
  it("manages templates per region", async () => {
    const created = await t.call(token, {
      method: "POST",
      url: "/api/staff/regions/1/templates/message",
      payload: {
        template_name: "Glasses ready",
        type: "sms",
        content_template: "Hi {{customer.first_name | there}}, your glasses are ready.",
      },
    });
    expect(created.statusCode).toBe(201);
    const list = (
      await t.call(token, { method: "GET", url: "/api/staff/regions/1/templates/message" })
    ).json().data;
    expect(list[0]).toMatchObject({ name: "Glasses ready", type: { slug: "sms" } });
    expect(
      (await t.call(token, { method: "GET", url: "/api/staff/regions/2/templates/message" })).json().data,
    ).toEqual([]);
  });

  it("e-mails over SMTP and records a customer note", async () => {
    const res = await send({
      type: "email",
      email: "mia@example.com",
      subject: "Your glasses",
      message: "Hi Mia, they are ready.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Message sent successfully");
    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(smtp.mails[0]).toMatchObject({ to: "mia@example.com", subject: "Your glasses" });
    const notes = (
      await t.call(token, { method: "GET", url: `/legacy-api/user-note?user_id=${customerId}` })
    ).json().data;
    expect(notes[0].content).toContain("E-mail sent to mia@example.com: Your glasses");
  });

  it("queues an SMS in the outbox", async () => {
    const res = await send({ type: "sms", phone: "0412 000 111", message: "Your glasses are ready." });
    expect(res.statusCode).toBe(200);
    const outbox = (await t.call(token, { method: "GET", url: "/api/staff/outbox" })).json().data;
    // Sent in E.164, read in the sender's country (the demo admin works in Australia).
    expect(outbox[0]).toMatchObject({ channel: "sms", recipient: "+61412000111", status: "queued" });
  });

  it("refuses unresolved placeholders, bad phones and missing fields with the spec's messages", async () => {
    const unresolved = await send({
      type: "sms",
      phone: "0412 000 111",
      message: "Hi {{customer.nickname}}",
    });
    expect(unresolved.json().errors.message).toEqual(["Message has unresolved variable(s)."]);
    for (const bad of ["12345", "0412 000 11", "(02) 9555 1234"]) {
      const phone = await send({ type: "sms", phone: bad, message: "Hi" });
      expect(phone.json().errors.phone, bad).toEqual(["Please enter a valid phone number"]);
    }
    const subject = await send({ type: "email", email: "mia@example.com", message: "Hi" });
    expect(subject.json().errors.subject).toEqual(["The subject field is required."]);
    const type = await send({ message: "Hi" });
    expect(type.statusCode).toBe(422);
  });
});
