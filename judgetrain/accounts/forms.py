from django.contrib.auth.forms import UserChangeForm, UserCreationForm

from judgetrain.accounts.models import User


class AdminUserCreationForm(UserCreationForm[User]):
    class Meta:
        model = User
        fields = ("email",)


class AdminUserChangeForm(UserChangeForm[User]):
    class Meta:
        model = User
        fields = "__all__"
