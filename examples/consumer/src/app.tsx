import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  Alert,
  Button,
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
  DialogTrigger,
  EmailField,
  EmptyState,
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  Footer,
  Header,
  InlineError,
  LanguageSwitch,
  OtpInput,
  PasswordField,
  PaymentMethodPicker,
  PaymentsTable,
  PlanCard,
  PlanList,
  PlanTabs,
  ResendCountdown,
  SidebarNav,
  Skeleton,
  Spinner,
  StatusBadge,
  TextAreaField,
  TextField,
  TokenGrid,
  useField,
} from "@veil/ui";
import { type ReactNode, useState } from "react";

/**
 * Every component of @veil/ui, as a team that only has the tarball would use it: imports from the
 * package name, text from props, classes from the package's own dist (see index.css).
 */
export function App() {
  const [language, setLanguage] = useState("en");
  const languageSwitch = (
    <LanguageSwitch
      languages={[
        { value: "en", label: "English", lang: "en" },
        { value: "ru", label: "Русский", lang: "ru" },
      ]}
      value={language}
      onValueChange={setLanguage}
      label="Language"
    />
  );

  return (
    <div className="min-h-screen bg-background font-sans text-text antialiased">
      <Header
        name="Consumer"
        homeHref="#top"
        links={[
          { href: "#forms", label: "Forms" },
          { href: "#payments", label: "Payments" },
        ]}
        currentHref="#forms"
        navLabel="Main"
        menuLabel="Menu"
        skipLinkLabel="Skip to content"
        languageSwitch={languageSwitch}
        action={<Button size="sm">Log in</Button>}
      />
      <main id="main" className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6">
        <h1 className="font-bold text-3xl tracking-tight">Every @veil/ui component</h1>

        <Section title="Buttons, badges, feedback">
          <div className="flex flex-wrap items-center gap-3">
            <Button>Primary</Button>
            <Button variant="secondary">Secondary</Button>
            <Button variant="outline">Outline</Button>
            <Button variant="danger">Danger</Button>
            <StatusBadge status="success">Paid</StatusBadge>
            <StatusBadge status="pending">In progress</StatusBadge>
            <Spinner label="Loading" />
            <Skeleton className="w-32" />
          </div>
          <Alert variant="info" live="off" title="We sent you a code">
            Check your inbox at ana@example.com.
          </Alert>
          <InlineError announce={false}>Please fill out all fields</InlineError>
        </Section>

        <Section title="Cards and empty states">
          <Card className="max-w-md">
            <CardHeader>
              <CardTitle headingLevel={3}>Your subscription</CardTitle>
              <CardDescription>12 months · renews on 12 March 2027</CardDescription>
              <CardAction>
                <StatusBadge status="active">Active</StatusBadge>
              </CardAction>
            </CardHeader>
            <CardContent>
              <p className="text-text-muted">Up to 5 devices.</p>
            </CardContent>
            <CardFooter>
              <Button>Extend</Button>
            </CardFooter>
          </Card>
          <EmptyState title="No payments yet" description="Your payments will appear here." headingLevel={3} />
        </Section>

        <Section title="Forms" id="forms">
          <form noValidate className="grid max-w-md gap-5">
            <TextField label="Name" hint="As you would like us to address you" required />
            <EmailField label="E-mail" defaultValue="ana@example" error="Enter a valid e-mail address" />
            <PasswordField label="Password" showPasswordLabel="Show password" hidePasswordLabel="Hide password" />
            <TextAreaField label="Message" rows={3} />
            <OtpInput label="Confirmation code" defaultValue="123" />
            <CustomField />
            <ResendCountdown resendLabel="Resend code" seconds={0} onResend={() => {}} />
          </form>
        </Section>

        <Section title="Plans">
          <div className="max-w-80">
            <PlanCard title="1 Month" price={5} period="/ month" days="30 days" ctaLabel="Choose" headingLevel={3} />
          </div>
          <PlanList
            label="Available plans"
            ctaLabel="Choose"
            emptyText="No plans right now."
            previousLabel="Previous plan"
            nextLabel="Next plan"
            headingLevel={3}
            plans={[
              { id: "week", title: "1 Week", price: 2, period: "/ week", days: "7 days" },
              { id: "year", title: "1 Year", price: 45, period: "/ year", days: "365 days" },
            ]}
            highlightedIndex={1}
            highlightedBadge="Best value"
          />
          <PlanTabs
            label="Plan"
            defaultValue="month"
            items={[
              { value: "week", label: "1 Week", detail: "$2 · 7 days" },
              { value: "month", label: "1 Month", detail: "$5 · 30 days" },
            ]}
            renderPanel={(item) => <p className="p-4">Selected: {item.label}</p>}
          />
        </Section>

        <Section title="Payments" id="payments">
          <PaymentMethodPicker
            label="Payment method"
            onSelect={() => {}}
            methods={[
              { id: "card", label: "Card", description: "Not available yet", disabled: true },
              { id: "crypto", label: "Cryptocurrency", description: "USDT, USDC, DAI and more" },
            ]}
          />
          <TokenGrid
            label="Choose a token"
            showMoreLabel="Show more"
            showLessLabel="Show less"
            countText={(shown, total) => `Showing ${shown} of ${total}`}
            initialCount={2}
            tokens={[
              { value: "USDTTRC", label: "USDT", description: "TRC-20" },
              { value: "USDCERC", label: "USDC", description: "ERC-20" },
              { value: "DAIERC", label: "DAI", description: "ERC-20" },
            ]}
          />
          <PaymentsTable
            caption="Payment history"
            columns={{ date: "Date", amount: "Amount", method: "Method", status: "Status" }}
            statusLabels={{ success: "Paid", pending: "In progress", rejected: "Rejected" }}
            viewAllLabel="View all"
            hideLabel="Hide"
            countText={(shown, total) => `Showing ${shown} of ${total} payments`}
            emptyText="No payments yet"
            rows={[
              { id: "p1", date: "20 Nov 2026", amount: "$5", method: "USDT", status: "success" },
              { id: "p2", date: "18 Nov 2026", amount: "$45", method: "DAI", status: "rejected" },
            ]}
          />
        </Section>

        <Section title="Navigation and disclosure">
          <div className="md:w-64">
            <SidebarNav
              label="Account"
              currentHref="#profile"
              items={[
                { href: "#profile", label: "Profile" },
                { href: "#delete", label: "Delete Account", tone: "danger" },
              ]}
            />
          </div>
          <Accordion headingLevel={3}>
            <AccordionItem value="logs">
              <AccordionTrigger>Do you keep logs?</AccordionTrigger>
              <AccordionContent>No.</AccordionContent>
            </AccordionItem>
          </Accordion>
          <DialogRoot>
            <DialogTrigger asChild>
              <Button variant="outline">Open dialog</Button>
            </DialogTrigger>
            <DialogContent closeLabel="Close">
              <DialogHeader>
                <DialogTitle>Action unavailable</DialogTitle>
                <DialogDescription>Log in or register to continue.</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button>OK</Button>
                </DialogClose>
              </DialogFooter>
            </DialogContent>
          </DialogRoot>
        </Section>
      </main>
      <Footer
        navLabel="Footer"
        legal="© 2026 Consumer"
        groups={[{ heading: "Legal", links: [{ href: "#privacy", label: "Privacy policy" }] }]}
      />
    </div>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${title}-heading`} className="grid gap-4">
      <h2 id={`${title}-heading`} className="font-semibold text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A control of the team's own, wired by the package's field layer. */
function CustomField() {
  const field = useField({ hint: "Where you live", error: "Choose a country" });
  return (
    <Field invalid={field.invalid}>
      <FieldLabel htmlFor={field.controlId}>Country</FieldLabel>
      <FieldHint id={field.hintId}>Where you live</FieldHint>
      <select {...field.controlProps} className="h-11 rounded-md border border-border-strong bg-surface px-3">
        <option>Portugal</option>
      </select>
      <FieldError id={field.errorId}>Choose a country</FieldError>
    </Field>
  );
}
