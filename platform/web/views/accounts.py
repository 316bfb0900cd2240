"""Accounts: sign-up, log-in/out and password reset (Django's auth views), profile, password,
API tokens, and the request to become an organiser."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.views.decorators.http import require_POST

from players import inbox, organisers
from players.models import ApiToken, RequestState
from players.throttles import login_refused
from players.tokens import TokenLimitReached, issue_token
from web import zones
from web.forms import LoginForm, ProfileForm, SignUpForm, TokenCreateForm
from web.organiser_forms import OrganiserRequestForm

LOGIN_URL = reverse_lazy("web-login")
private = login_required(login_url=LOGIN_URL)


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account (with the time zone, preselected with the browser's) and land on the
    home page signed in; a bad field is a 400 with its error by the field."""
    if request.user.is_authenticated:
        return redirect("web-profile")
    form = SignUpForm(request.POST or None, zone=request.COOKIES.get(zones.COOKIE, ""))
    if request.method == "POST":
        if form.is_valid():
            player = form.save()
            login(request, player, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request, f"Welcome to Gauntlet, {player.public_name}. Start with a game below."
            )
            return redirect("home")
        return render(request, "web/accounts/signup.html", {"form": form}, status=400)
    return render(request, "web/accounts/signup.html", {"form": form})


class LoginView(auth_views.LoginView):
    """Django's log-in view, throttled per client like the API's (the ``login`` rate)."""

    template_name = "web/accounts/login.html"
    redirect_authenticated_user = True
    form_class = LoginForm

    def post(self, request, *args, **kwargs):
        wait = login_refused(request)
        if wait is not None:
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, f"Too many attempts to log in: try again in {wait} seconds.")
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(wait)
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)

    def get_default_redirect_url(self):
        return self.get_redirect_url() or reverse_lazy("home")


class LogoutView(auth_views.LogoutView):
    next_page = reverse_lazy("home")


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "web/accounts/password.html"
    success_url = reverse_lazy("web-profile")

    def form_valid(self, form):
        messages.success(self.request, "Your password was changed.")
        return super().form_valid(form)

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


class PasswordResetView(auth_views.PasswordResetView):
    """Asks for an address and sends a one-time link to the account that has it (Django's view:
    the same answer whether or not an account has that address)."""

    template_name = "web/accounts/password_reset.html"
    email_template_name = "web/accounts/password_reset_email.txt"
    subject_template_name = "web/accounts/password_reset_subject.txt"
    success_url = reverse_lazy("web-password-reset-sent")

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "web/accounts/password_reset_sent.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """The link of the e-mail: a new password, twice, checked by every validator."""

    template_name = "web/accounts/password_reset_confirm.html"
    success_url = reverse_lazy("web-password-reset-complete")

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "web/accounts/password_reset_complete.html"


@private
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, "Profile saved.")
            return redirect("web-profile")
        return render(request, "web/accounts/profile.html", {"form": form}, status=400)
    return render(request, "web/accounts/profile.html", {"form": form})


def _tokens_page(request, form, new_key=None, status=200) -> HttpResponse:
    tokens = ApiToken.objects.filter(user=request.user).order_by("-created")
    response = render(
        request,
        "web/accounts/tokens.html",
        {"form": form, "tokens": tokens, "new_key": new_key},
        status=status,
    )
    if new_key:  # the key is shown once: never from a cache
        response["Cache-Control"] = "no-store"
    return response


@private
def tokens(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _tokens_page(request, TokenCreateForm())
    form = TokenCreateForm(request.POST)
    if not form.is_valid():
        return _tokens_page(request, form, status=400)
    try:
        instance, key = issue_token(request.user, form.cleaned_data["name"])
    except TokenLimitReached as exc:
        form.add_error(None, str(exc))
        return _tokens_page(request, form, status=400)
    messages.success(request, f"Token “{instance.name}” created. Copy it now: it is shown once.")
    return _tokens_page(request, TokenCreateForm(), new_key=key)


@private
@require_POST
def token_revoke(request: HttpRequest, key: str) -> HttpResponse:
    token = get_object_or_404(ApiToken, user=request.user, token_key=key)
    name = token.name
    token.delete()
    messages.success(request, f"Token “{name}” revoked.")
    return redirect("web-tokens")


@private
def organiser_request(request: HttpRequest) -> HttpResponse:
    """Become an organiser: the latest request's state (with staff's answer) and, unless the
    person is an organiser or a request of theirs waits, the form to ask (why, and where)."""
    inbox.mark_read(request.user.pk, url=request.path)  # the answer's notification
    form = OrganiserRequestForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            try:
                organisers.request_role(request.user, data["reason"], data["venue"])
            except organisers.OrganiserRequestError as exc:
                status = exc.status
                if exc.status == 400:
                    form.add_error(exc.field if exc.field in form.fields else None, exc.message)
                else:  # an organiser already, or a request waits (409): the page says which
                    messages.error(request, exc.message)
            else:
                messages.success(
                    request, "Request sent: staff answer here and in your notifications."
                )
                return redirect("web-organiser-request")
    latest = organisers.latest_for(request.user)
    waiting = latest is not None and latest.state == RequestState.PENDING
    may_ask = not request.user.is_organiser and not waiting and not request.user.is_bot
    context = {"form": form if may_ask else None, "latest": latest, "tab": "organiser"}
    return render(request, "web/accounts/organiser.html", context, status=status)
