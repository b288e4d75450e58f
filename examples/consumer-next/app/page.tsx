// A React Server Component (no "use client"): it imports @veil/ui and renders every component. Next.js
// refuses to build it if a module it reaches uses state, effects or handlers without "use client".
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
  ConfigCard,
  CopyButton,
  DeviceList,
  DeviceListItem,
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
  Footer,
  Header,
  InlineError,
  OtpInput,
  PasswordField,
  PlanCard,
  PlanList,
  SidebarNav,
  Skeleton,
  Spinner,
  StatusBadge,
  TextAreaField,
  TextField,
} from "@veil/ui";
import type { ReactNode } from "react";
import {
  CountryField,
  HydrationMark,
  LanguageMenu,
  PaymentMethods,
  Payments,
  Plans,
  Resend,
  Tokens,
} from "./client-parts";

// A made-up configuration: the key is not a real one.
const CONFIG = `[Interface]
PrivateKey = AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
Address = 10.8.0.2/32, fd00::2/128
DNS = 10.8.0.1

[Peer]
PublicKey = BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=
Endpoint = vpn.example.com:51820
AllowedIPs = 0.0.0.0/0, ::/0`;

export default function Page() {
  return (
    <div className="demo-page">
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
        languageSwitch={<LanguageMenu />}
        action={<Button size="sm">Log in</Button>}
      />
      <main id="main" className="demo-main">
        <h1>Every @veil/ui component, from a server component</h1>

        <Section title="Buttons, badges, feedback">
          <div className="demo-row">
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
          <Card className="demo-narrow">
            <CardHeader>
              <CardTitle headingLevel={3}>Your subscription</CardTitle>
              <CardDescription>12 months · renews on 12 March 2027</CardDescription>
              <CardAction>
                <StatusBadge status="active">Active</StatusBadge>
              </CardAction>
            </CardHeader>
            <CardContent>
              <p>Up to 5 devices.</p>
            </CardContent>
            <CardFooter>
              <Button>Extend</Button>
            </CardFooter>
          </Card>
          <EmptyState title="No payments yet" description="Your payments will appear here." headingLevel={3} />
        </Section>

        <Section title="Forms" id="forms">
          <form noValidate className="demo-form">
            <TextField label="Name" hint="As you would like us to address you" required />
            <EmailField label="E-mail" defaultValue="ana@example" error="Enter a valid e-mail address" />
            <PasswordField label="Password" showPasswordLabel="Show password" hidePasswordLabel="Hide password" />
            <TextAreaField label="Message" rows={3} />
            <OtpInput label="Confirmation code" defaultValue="123" />
            <CountryField />
            <Resend />
          </form>
        </Section>

        <Section title="Plans">
          <div className="demo-narrow">
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
          <Plans />
        </Section>

        <Section title="Payments" id="payments">
          <PaymentMethods />
          <Tokens />
          <Payments />
        </Section>

        <Section title="Devices">
          <DeviceList label="Your devices">
            <DeviceListItem
              name="Pixel 8"
              details={[
                { term: "Addresses", value: "10.8.0.2, fd00::2" },
                { term: "Added", value: "20 Nov 2026" },
              ]}
              actions={
                <Button size="sm" variant="outline" aria-label="Rename Pixel 8">
                  Rename
                </Button>
              }
            />
          </DeviceList>
          <ConfigCard
            title="Configuration for Pixel 8"
            description="The private key never left this browser and cannot be shown again."
            config={CONFIG}
            fileName="veil-pixel-8.conf"
            downloadLabel="Download"
            copyLabel="Copy config"
            copiedLabel="Copied"
            copyFailedLabel="Could not copy: select the text and copy it"
            qrLabel="QR code of the configuration for Pixel 8"
            qrCaption="Scan it with the WireGuard app on another device."
            textLabel="Configuration text"
          />
          <CopyButton value="10.8.0.2" label="Copy address" copiedLabel="Copied" failedLabel="Could not copy" />
        </Section>

        <Section title="Navigation and disclosure">
          <div className="demo-sidebar">
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
      <HydrationMark />
    </div>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = `${title.replace(/\W+/g, "-")}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="demo-section">
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
