# Homebrew formula, usable straight from this repository as a tap:
#   brew tap OWNER/podmirror https://github.com/OWNER/podmirror
#   brew install --HEAD OWNER/podmirror/podmirror
# OWNER is the account the repository is published under. On a release, add `url` (the tag's archive)
# and `sha256` above `head`; `brew install OWNER/podmirror/podmirror` then builds that release.
class Podmirror < Formula
  desc "Set up CocoaPods through Specs and gem mirrors in one idempotent command"
  homepage "https://github.com/OWNER/podmirror"
  head "https://github.com/OWNER/podmirror.git", branch: "main"

  # swift-tools-version 6.0
  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build # pkg-config finds libgit2 and libcurl for Sources/CLibgit2 and Sources/CCurl
  depends_on "libgit2"

  uses_from_macos "swift" => :build
  uses_from_macos "curl" # linked for HTTP (Sources/CCurl): macOS's own, Homebrew's curl on Linux

  def install
    args = if OS.mac?
      ["--disable-sandbox"]
    else
      ["--static-swift-stdlib"]
    end
    system "swift", "build", *args, "-c", "release", "--product", "podmirror"
    bin.install ".build/release/podmirror"
    # The binary looks for <prefix>/share/podmirror/templates next to its own folder.
    pkgshare.install "templates"
    man1.install "docs/man/podmirror.1"
    bash_completion.install "docs/completions/podmirror.bash" => "podmirror"
    zsh_completion.install "docs/completions/podmirror.zsh" => "_podmirror"
    fish_completion.install "docs/completions/podmirror.fish"
  end

  test do
    ENV["HOME"] = testpath.to_s # the CocoaPods repos dir is ~/.cocoapods/repos
    assert_match(/^\d+\.\d+\.\d+$/, shell_output("#{bin}/podmirror --version").strip)
    # It runs on the libgit2 it was built against (Homebrew's), and says whether that one fetches shallow.
    libgit2 = JSON.parse(shell_output("#{bin}/podmirror --version --json"))["libgit2"]
    assert_equal Formula["libgit2"].version.to_s, libgit2["version"] if OS.mac?
    assert_includes [true, false], libgit2["shallow"]

    (testpath/"Podfile").write <<~RUBY
      source 'https://cdn.cocoapods.org/'
      platform :ios, '13.0'

      target 'App' do
        pod 'Alamofire', '~> 5.0'
      end
    RUBY
    show = JSON.parse(shell_output("#{bin}/podmirror podfile show --podfile #{testpath}/Podfile --json"))
    assert_equal ["https://cdn.cocoapods.org/"], show["sources"]
    assert_equal "13.0", show["platform"]["version"]
    assert_equal ["App"], show["targets"].map { |t| t["name"] }

    # The mirror catalog comes from the installed templates.
    assert_match "mirrors.tuna.tsinghua.edu.cn", shell_output("#{bin}/podmirror mirror list --json")

    # A spec repo seeded offline from a local git bundle, through libgit2, then checked.
    specs = testpath/"specs"
    podspec = "Specs/1/2/3/Demo/1.0.0/Demo.podspec.json"
    (specs/podspec).dirname.mkpath
    (specs/podspec).write '{ "name": "Demo", "version": "1.0.0" }'
    git = ["git", "-C", specs.to_s, "-c", "user.name=brew", "-c", "user.email=brew@localhost"]
    system "git", "init", "--quiet", specs.to_s
    system(*git, "add", "--all")
    system(*git, "commit", "--quiet", "--message", "Demo 1.0.0")
    system(*git, "bundle", "create", (testpath/"specs.bundle").to_s, "--all")
    system bin/"podmirror", "repo", "import", testpath/"specs.bundle", "--name", "local",
           "--origin", "https://example.invalid/Specs.git"
    assert_predicate testpath/".cocoapods/repos/local"/podspec, :exist?
    verify = JSON.parse(shell_output("#{bin}/podmirror repo verify local --json"))
    assert verify["intact"]
    # Running it again changes nothing.
    again = JSON.parse(shell_output("#{bin}/podmirror repo import #{testpath}/specs.bundle --name local " \
                                    "--origin https://example.invalid/Specs.git --check --json"))
    assert again["ok"]
  end
end
